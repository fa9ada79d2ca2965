// Evaluator, scene, renderers and player. See the folders below.

print("lottie-cli")

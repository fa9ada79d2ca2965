import Foundation

// MARK: - Extracting an animation

/// One animation taken out of a Lottie file: decoded, with the images it refers to by path
/// embedded as data URIs, so a renderer has their bytes.
public struct ExtractedAnimation: Sendable {
    /// The id it has in the file, nil for a JSON or `.tgs` file.
    public var id: String?
    /// Where its JSON is in the archive, nil for a JSON or `.tgs` file.
    public var path: String?
    /// Its JSON as stored (for `.tgs`, gunzipped), before images were embedded.
    public var json: [UInt8]
    /// The decoded animation; image assets found in the archive hold `data:` URIs.
    public var animation: LottieAnimation
    /// What became of each image asset that refers to a file.
    public var images: [ImageResolution]
}

extension LottieFile {
    /// The ids `extract` accepts, in order.
    public var animationIDs: [String] { animations.map(\.id) }

    /// The JSON of an animation, as stored.
    ///
    /// - Parameter id: the animation's id; nil for the default one (see `defaultAnimationID`).
    ///   A JSON or `.tgs` file holds one animation, which any id names.
    /// - Throws: `ContainerError`: an unknown id, no default in a bundle of several, a manifest
    ///   entry without its file, or an archive entry that cannot be read.
    public func json(of id: String? = nil) throws(ContainerError) -> (item: Item?, bytes: [UInt8]) {
        if let singleJSON { return (nil, singleJSON) }
        guard let archive else { throw ContainerError(.noAnimation) }
        guard let wanted = id ?? defaultAnimationID else {
            throw ContainerError(.ambiguousAnimation(candidates: animationIDs))
        }
        guard let item = animations.first(where: { $0.id == wanted }) else {
            throw ContainerError(.unknownAnimation(id: wanted, available: animationIDs))
        }
        guard let path = item.path else {
            throw ContainerError(.missingEntry(manifest?.layoutVersion == 2 ? "a/\(wanted).json" : "animations/\(wanted).json"))
        }
        return (item, try archive.contents(of: path))
    }

    /// Decodes an animation and embeds the images it refers to.
    ///
    /// - Parameters:
    ///   - id: the animation's id, nil for the default one.
    ///   - decoder: the decoder to use (its limits apply to the animation's JSON).
    /// - Throws: `ContainerError`; `.decoding` when the JSON is not a valid Lottie animation.
    public func extract(_ id: String? = nil, decoder: LottieDecoder = LottieDecoder()) throws(ContainerError) -> ExtractedAnimation {
        let (item, json) = try self.json(of: id)
        var animation: LottieAnimation
        do {
            animation = try decoder.decode(Data(json))
        } catch {
            throw ContainerError(.decoding(error), entry: item?.path)
        }
        var images: [ImageResolution] = []
        if let archive {
            images = ImageEmbedding.embed(in: &animation, from: archive, animationPath: item?.path)
        }
        return ExtractedAnimation(id: item?.id, path: item?.path, json: json, animation: animation, images: images)
    }
}

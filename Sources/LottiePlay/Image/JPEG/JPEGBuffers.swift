// MARK: - The buffers of the hot loops
//
// The scan decoder, the IDCT, the upsampling and the colour conversion touch every coefficient and
// every sample; a Swift array checks bounds at each access (and uniqueness at each write). These
// small types are the only place the JPEG decoder holds pointers. Each checks its extent once, with
// a precondition, where it is made; what is inside is addressed by indices that cannot leave it:
// masked to 0...63 in a block and to 0...7 in the rows of a block of samples, checked against the
// length in a row. The pointers live only inside the `with...` calls that make them.

/// The frame's coefficient storage (`JPEGFrame.coefficients`) while a scan or the IDCT runs.
struct JPEGCoefficientStorage {
    private let start: UnsafeMutablePointer<Int16>
    private let count: Int

    private init(_ buffer: UnsafeMutableBufferPointer<Int16>) {
        start = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!
        count = buffer.count
    }

    /// Runs `body` with the storage of `coefficients`.
    static func with<R, E: Error>(_ coefficients: inout [Int16],
                                  _ body: (JPEGCoefficientStorage) throws(E) -> R) throws(E) -> R {
        try coefficients.withUnsafeMutableBufferPointer { (buffer) throws(E) -> R in
            try body(JPEGCoefficientStorage(buffer))
        }
    }

    /// The 64 coefficients starting at `offset`.
    @inline(__always)
    func block(at offset: Int) -> JPEGBlock {
        precondition(offset >= 0 && offset <= count - 64, "JPEG block outside the coefficient storage")
        return JPEGBlock(start + offset)
    }
}

/// The 64 coefficients of one block, natural (row-major) order.
struct JPEGBlock {
    private let start: UnsafeMutablePointer<Int16>

    fileprivate init(_ start: UnsafeMutablePointer<Int16>) {
        self.start = start
    }

    /// The coefficient at `index` (taken modulo 64).
    @inline(__always)
    subscript(index: Int) -> Int16 {
        get { start[index & 63] }
        nonmutating set { start[index & 63] = newValue }
    }

    /// The 8 coefficients of row `index` (taken modulo 8).
    @inline(__always)
    func row(_ index: Int) -> SIMD8<Int16> {
        UnsafeRawPointer(start + (index & 7) * 8).loadUnaligned(as: SIMD8<Int16>.self)
    }
}

/// Bytes being written: the sample planes of the components side by side, rows of upsampled
/// samples, or the RGBA output.
struct JPEGSampleStorage {
    private let start: UnsafeMutablePointer<UInt8>
    let count: Int

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!
        count = buffer.count
    }

    /// `count` new bytes that `body` fills entirely (they start uninitialised: every byte must be
    /// written).
    static func make(count: Int, _ body: (JPEGSampleStorage) -> Void) -> [UInt8] {
        precondition(count >= 0)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            body(JPEGSampleStorage(buffer))
            initialized = count
        }
    }

    /// Runs `body` with the storage of `bytes`.
    static func with<R>(_ bytes: inout [UInt8], _ body: (JPEGSampleStorage) -> R) -> R {
        bytes.withUnsafeMutableBufferPointer { body(JPEGSampleStorage($0)) }
    }

    /// The 8×8 samples whose top-left one is at `offset`, `stride` bytes a row.
    @inline(__always)
    func block(at offset: Int, stride: Int) -> JPEGSampleBlock {
        precondition(offset >= 0 && stride >= 8 && offset <= count - 8 - 7 * stride, "JPEG block outside its plane")
        return JPEGSampleBlock(start: start + offset, stride: stride)
    }

    /// The `length` bytes from `offset`.
    @inline(__always)
    func row(at offset: Int, length: Int) -> JPEGRow {
        precondition(offset >= 0 && length >= 0 && offset <= count - length, "JPEG row outside its plane")
        return JPEGRow(start: start + offset, count: length)
    }
}

/// 8×8 samples of a plane.
struct JPEGSampleBlock {
    fileprivate let start: UnsafeMutablePointer<UInt8>
    fileprivate let stride: Int

    /// Writes row `y` (taken modulo 8).
    @inline(__always)
    func setRow(_ y: Int, _ samples: SIMD8<UInt8>) {
        UnsafeMutableRawPointer(start + (y & 7) * stride).storeBytes(of: samples, as: SIMD8<UInt8>.self)
    }
}

/// A row of bytes.
struct JPEGRow {
    fileprivate let start: UnsafeMutablePointer<UInt8>
    let count: Int

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "JPEG row index out of range")
            return start[index]
        }
        nonmutating set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "JPEG row index out of range")
            start[index] = newValue
        }
    }

    /// The 8 bytes from `index`.
    @inline(__always)
    func load8(_ index: Int) -> SIMD8<UInt8> {
        precondition(index >= 0 && index <= count - 8, "JPEG row index out of range")
        return UnsafeRawPointer(start + index).loadUnaligned(as: SIMD8<UInt8>.self)
    }

    /// The 16 bytes from `index`.
    @inline(__always)
    func load16(_ index: Int) -> SIMD16<UInt8> {
        precondition(index >= 0 && index <= count - 16, "JPEG row index out of range")
        return UnsafeRawPointer(start + index).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Writes 16 bytes from `index`: the low byte of each of `pairs`, then its high byte.
    @inline(__always)
    func storePairs(_ index: Int, _ pairs: SIMD8<UInt16>) {
        precondition(index >= 0 && index <= count - 16, "JPEG row index out of range")
        let stored = UInt16(1).littleEndian == 1 ? pairs : pairs &<< 8 | pairs &>> 8
        UnsafeMutableRawPointer(start + index).storeBytes(of: stored, as: SIMD8<UInt16>.self)
    }

    /// Writes pixels `index` to `index + 7` (bytes `4 × index` on): R, G, B, A from the low byte
    /// of each of `rgba` up.
    @inline(__always)
    func setPixels(_ index: Int, _ rgba: SIMD8<UInt32>) {
        precondition(index >= 0 && index <= count >> 2 - 8, "JPEG pixel index out of range")
        var stored = rgba
        if UInt32(1).littleEndian != 1 {
            stored = rgba &<< 24 | (rgba &<< 8) & 0xFF_0000 | (rgba &>> 8) & 0xFF00 | rgba &>> 24
        }
        UnsafeMutableRawPointer(start + 4 * index).storeBytes(of: stored, as: SIMD8<UInt32>.self)
    }

    /// Writes the 4 bytes of pixel `index` (bytes `4 × index` on): R, G, B, A from the low byte of
    /// `rgba` up.
    @inline(__always)
    func setPixel(_ index: Int, _ rgba: UInt32) {
        precondition(index >= 0 && index < count >> 2, "JPEG pixel index out of range")
        UnsafeMutableRawPointer(start + 4 * index).storeBytes(of: rgba.littleEndian, as: UInt32.self)
    }
}

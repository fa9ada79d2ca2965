// MARK: - Field

/// The member names of Lottie JSON, each packed into one `UInt64` so that the fast decoders
/// match a key with one integer comparison instead of building a `String`.
///
/// A key of up to 8 bytes is its bytes in little-endian order: `"ks"` is `0x736B`
/// (`k` = 0x6B in the low byte, `s` = 0x73 above it), and the unused high bytes are zero. Keys
/// never contain a zero byte (a raw U+0000 is not allowed in JSON strings, and an escaped one
/// is read as `Field.unknown`), so two different keys never share a word. The only longer
/// key the model reads, `masksProperties`, has a word of its own; every other long key, and
/// every key that is not plain ASCII after its escapes are decoded, is `Field.unknown`.
///
/// `JSONReader.readKey` produces these words; `FieldSet` remembers which were already read,
/// because with duplicate keys the first occurrence is the one `JSONDecoder` uses.
enum Field {
    /// Any key the model does not read.
    static let unknown: UInt64 = .max
    /// `masksProperties`, the one key longer than 8 bytes.
    static let masksProperties: UInt64 = .max - 1

    static let a: UInt64 = 0x61  // "a"
    static let b: UInt64 = 0x62  // "b"
    static let c: UInt64 = 0x63  // "c"
    static let d: UInt64 = 0x64  // "d"
    static let e: UInt64 = 0x65  // "e"
    static let f: UInt64 = 0x66  // "f"
    static let g: UInt64 = 0x67  // "g"
    static let h: UInt64 = 0x68  // "h"
    static let i: UInt64 = 0x69  // "i"
    static let j: UInt64 = 0x6A  // "j"
    static let k: UInt64 = 0x6B  // "k"
    static let l: UInt64 = 0x6C  // "l"
    static let m: UInt64 = 0x6D  // "m"
    static let n: UInt64 = 0x6E  // "n"
    static let o: UInt64 = 0x6F  // "o"
    static let p: UInt64 = 0x70  // "p"
    static let r: UInt64 = 0x72  // "r"
    static let s: UInt64 = 0x73  // "s"
    static let t: UInt64 = 0x74  // "t"
    static let u: UInt64 = 0x75  // "u"
    static let v: UInt64 = 0x76  // "v"
    static let w: UInt64 = 0x77  // "w"
    static let x: UInt64 = 0x78  // "x"
    static let y: UInt64 = 0x79  // "y"
    static let z: UInt64 = 0x7A  // "z"
    static let ao: UInt64 = 0x6F61  // "ao"
    static let bm: UInt64 = 0x6D62  // "bm"
    static let ca: UInt64 = 0x6163  // "ca"
    static let ch: UInt64 = 0x6863  // "ch"
    static let cl: UInt64 = 0x6C63  // "cl"
    static let cm: UInt64 = 0x6D63  // "cm"
    static let dr: UInt64 = 0x7264  // "dr"
    static let ef: UInt64 = 0x6665  // "ef"
    static let en: UInt64 = 0x6E65  // "en"
    static let eo: UInt64 = 0x6F65  // "eo"
    static let fb: UInt64 = 0x6266  // "fb"
    static let fc: UInt64 = 0x6366  // "fc"
    static let fh: UInt64 = 0x6866  // "fh"
    static let fo: UInt64 = 0x6F66  // "fo"
    static let fr: UInt64 = 0x7266  // "fr"
    static let fs: UInt64 = 0x7366  // "fs"
    static let hd: UInt64 = 0x6468  // "hd"
    static let id: UInt64 = 0x6469  // "id"
    static let ip: UInt64 = 0x7069  // "ip"
    static let ir: UInt64 = 0x7269  // "ir"
    static let `is`: UInt64 = 0x7369  // "is"
    static let it: UInt64 = 0x7469  // "it"
    static let ix: UInt64 = 0x7869  // "ix"
    static let ks: UInt64 = 0x736B  // "ks"
    static let lc: UInt64 = 0x636C  // "lc"
    static let lh: UInt64 = 0x686C  // "lh"
    static let lj: UInt64 = 0x6A6C  // "lj"
    static let ln: UInt64 = 0x6E6C  // "ln"
    static let ls: UInt64 = 0x736C  // "ls"
    static let mb: UInt64 = 0x626D  // "mb"
    static let ml: UInt64 = 0x6C6D  // "ml"
    static let mm: UInt64 = 0x6D6D  // "mm"
    static let mn: UInt64 = 0x6E6D  // "mn"
    static let ne: UInt64 = 0x656E  // "ne"
    static let nm: UInt64 = 0x6D6E  // "nm"
    static let np: UInt64 = 0x706E  // "np"
    static let of: UInt64 = 0x666F  // "of"
    static let op: UInt64 = 0x706F  // "op"
    static let or: UInt64 = 0x726F  // "or"
    static let os: UInt64 = 0x736F  // "os"
    static let pe: UInt64 = 0x6570  // "pe"
    static let ps: UInt64 = 0x7370  // "ps"
    static let pt: UInt64 = 0x7470  // "pt"
    static let rn: UInt64 = 0x6E72  // "rn"
    static let rx: UInt64 = 0x7872  // "rx"
    static let ry: UInt64 = 0x7972  // "ry"
    static let rz: UInt64 = 0x7A72  // "rz"
    static let sa: UInt64 = 0x6173  // "sa"
    static let sc: UInt64 = 0x6373  // "sc"
    static let sh: UInt64 = 0x6873  // "sh"
    static let sk: UInt64 = 0x6B73  // "sk"
    static let sm: UInt64 = 0x6D73  // "sm"
    static let so: UInt64 = 0x6F73  // "so"
    static let sr: UInt64 = 0x7273  // "sr"
    static let st: UInt64 = 0x7473  // "st"
    static let sw: UInt64 = 0x7773  // "sw"
    static let sy: UInt64 = 0x7973  // "sy"
    static let sz: UInt64 = 0x7A73  // "sz"
    static let td: UInt64 = 0x6474  // "td"
    static let ti: UInt64 = 0x6974  // "ti"
    static let tm: UInt64 = 0x6D74  // "tm"
    static let to: UInt64 = 0x6F74  // "to"
    static let tp: UInt64 = 0x7074  // "tp"
    static let tr: UInt64 = 0x7274  // "tr"
    static let tt: UInt64 = 0x7474  // "tt"
    static let ty: UInt64 = 0x7974  // "ty"
    static let xe: UInt64 = 0x6578  // "xe"
    static let ddd: UInt64 = 0x646464  // "ddd"
    static let ind: UInt64 = 0x646E69  // "ind"
    static let inv: UInt64 = 0x766E69  // "inv"
    static let ml2: UInt64 = 0x326C6D  // "ml2"
    static let sid: UInt64 = 0x646973  // "sid"
    static let data: UInt64 = 0x61746164  // "data"
    static let list: UInt64 = 0x7473696C  // "list"
    static let meta: UInt64 = 0x6174656D  // "meta"
    static let mode: UInt64 = 0x65646F6D  // "mode"
    static let size: UInt64 = 0x657A6973  // "size"
    static let chars: UInt64 = 0x7372616863  // "chars"
    static let fName: UInt64 = 0x656D614E66  // "fName"
    static let fPath: UInt64 = 0x6874615066  // "fPath"
    static let fonts: UInt64 = 0x73746E6F66  // "fonts"
    static let refId: UInt64 = 0x6449666572  // "refId"
    static let slots: UInt64 = 0x73746F6C73  // "slots"
    static let style: UInt64 = 0x656C797473  // "style"
    static let ascent: UInt64 = 0x746E65637361  // "ascent"
    static let assets: UInt64 = 0x737465737361  // "assets"
    static let closed: UInt64 = 0x6465736F6C63  // "closed"
    static let fClass: UInt64 = 0x7373616C4366  // "fClass"
    static let fStyle: UInt64 = 0x656C79745366  // "fStyle"
    static let layers: UInt64 = 0x73726579616C  // "layers"
    static let origin: UInt64 = 0x6E696769726F  // "origin"
    static let parent: UInt64 = 0x746E65726170  // "parent"
    static let shapes: UInt64 = 0x736570616873  // "shapes"
    static let fFamily: UInt64 = 0x796C696D614666  // "fFamily"
    static let fWeight: UInt64 = 0x74686769655766  // "fWeight"
    static let hasMask: UInt64 = 0x6B73614D736168  // "hasMask"
    static let markers: UInt64 = 0x7372656B72616D  // "markers"

    /// The word of a key, for tests and for keys that had escapes: nil when it has no word.
    static func word<Bytes: Collection>(of bytes: Bytes) -> UInt64? where Bytes.Element == UInt8 {
        guard bytes.count <= 8 else {
            return bytes.elementsEqual("masksProperties".utf8) ? masksProperties : nil
        }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            guard byte != 0, byte < 0x80 else { return nil }
            word |= UInt64(byte) << shift
            shift += 8
        }
        return word
    }
}

// MARK: - FieldSet

/// The fields of one object read so far, by the index a decoder gives each field (0...63).
///
/// `JSONDecoder` keeps the first of duplicate keys, so a decoder reads a field only the first
/// time: `case Field.nm where fields.isFirst(0):`; a repeat falls through to `skipValue()`.
struct FieldSet {
    private var bits: UInt64 = 0

    /// True the first time `index` is asked for; marks it as read.
    @inline(__always)
    mutating func isFirst(_ index: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        defer { bits |= bit }
        return bits & bit == 0
    }

    /// Whether `index` was read.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        bits & (1 << UInt64(index)) != 0
    }
}

// MARK: - ZipEntryName
//
// Entry names in a zip archive are bytes. APPNOTE 4.4.4: with general purpose bit 11 they are
// UTF-8, otherwise IBM code page 437. In practice many tools write UTF-8 without setting the bit,
// so bytes that are valid UTF-8 are read as UTF-8 first; only invalid UTF-8 falls back to CP437
// (where every byte is a character). The Info-ZIP Unicode Path extra field (0x7075) carries a
// UTF-8 name together with the CRC-32 of the stored name it replaces; it is used when that CRC
// matches.

enum ZipEntryName {
    /// The text of a stored name and how it was decoded.
    static func decode(_ bytes: ArraySlice<UInt8>, flaggedUTF8: Bool,
                       unicodePath: (crc: UInt32, name: ArraySlice<UInt8>)?) -> (String, ZipEntry.NameEncoding) {
        if let unicodePath, unicodePath.crc == CRC32.checksum(bytes),
           let name = String(validating: unicodePath.name, as: UTF8.self) {
            return (name, .unicodePathField)
        }
        if let name = String(validating: bytes, as: UTF8.self) {
            return (name, flaggedUTF8 ? .utf8 : .utf8WithoutFlag)
        }
        if flaggedUTF8 {
            // Flagged but invalid: keep what can be read rather than guess another code page.
            return (String(decoding: bytes, as: UTF8.self), .utf8)
        }
        return (String(String.UnicodeScalarView(bytes.map(cp437))), .cp437)
    }

    /// The name made safe for lookups (see `ZipEntry.path`), and whether it had to climb above
    /// the root or was absolute.
    static func normalize(_ name: String) -> (path: String, wasUnsafe: Bool) {
        var text = name.replacingBackslashes()
        var wasUnsafe = false
        // A drive letter ("C:") or a leading slash makes an absolute path.
        if text.count >= 2, text.dropFirst().first == ":", text.first?.isLetter == true {
            text = String(text.dropFirst(2))
            wasUnsafe = true
        }
        if text.hasPrefix("/") { wasUnsafe = true }
        var components: [Substring] = []
        for component in text.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                if components.isEmpty { wasUnsafe = true } else { components.removeLast() }
            default:
                components.append(component)
            }
        }
        return (components.joined(separator: "/"), wasUnsafe)
    }

    /// The Unicode scalar of a CP437 byte.
    static func cp437(_ byte: UInt8) -> Unicode.Scalar {
        if byte < 0x80 { return Unicode.Scalar(byte) }
        return cp437High[Int(byte - 0x80)]
    }

    /// Bytes 0x80...0xFF of code page 437.
    private static let cp437High: [Unicode.Scalar] = Array(
        ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒ"
            + "áíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐"
            + "└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
            + "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}").unicodeScalars)
}

private extension String {
    func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}

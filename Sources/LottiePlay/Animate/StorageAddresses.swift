// MARK: - StorageAddresses

/// Addresses of array storage (`RecycledShapes.storage(of:)`), for asking whether a list's
/// storage is among them. A few are scanned; more are kept sorted and searched by halving:
/// scanning them all would make a layer's evaluation quadratic in its paths (a repeater makes
/// thousands).
struct StorageAddresses: Sendable {
    private var addresses: [UInt] = []
    /// Up to this many addresses are scanned (cheaper than searching), past it they are sorted.
    private static let scanned = 8

    init() {}

    init(_ addresses: [UInt]) {
        self.addresses = addresses.count > Self.scanned ? addresses.sorted() : addresses
    }

    var isEmpty: Bool { addresses.isEmpty }

    /// Whether the storage of `list`'s elements is among these (never for an empty list).
    func holds<Element>(_ list: [Element]) -> Bool {
        guard !addresses.isEmpty, let address = RecycledShapes.storage(of: list) else { return false }
        return contains(address)
    }

    func contains(_ address: UInt) -> Bool {
        guard addresses.count > Self.scanned else { return addresses.contains(address) }
        var low = 0
        var high = addresses.count
        while low < high {
            let middle = (low + high) / 2
            if addresses[middle] < address { low = middle + 1 } else { high = middle }
        }
        return low < addresses.count && addresses[low] == address
    }
}

extension Array {
    /// Empties the array but keeps its storage: the core's `removeAll(keepingCapacity: true)`.
    /// Removing the elements one by one from the end costs a few instructions each (the per-event
    /// arrays hold a handful; a stroke's path, cleared once per stroke, a few hundred) and links no
    /// `replaceSubrange` specialization for the element type, which the standard library's version
    /// does (docs/DESIGN.md, "What the library's size is made of").
    @inline(__always)
    mutating func clearKeepingCapacity() {
        var n = count
        while n > 0 {
            removeLast()
            n -= 1
        }
    }

    /// Removes the elements `shouldRemove` picks, keeping the others in their order and the
    /// storage. The same result as `removeAll(where:)`, built from `swapAt` and `removeLast()`:
    /// the standard library's version goes through `replaceSubrange`, which is specialized (about
    /// 700 bytes of code) for every element type it is used with.
    @inline(__always)
    mutating func removeAllInPlace(where shouldRemove: (Element) -> Bool) {
        var kept = 0
        var k = 0
        let n = count
        while k < n {
            if !shouldRemove(self[k]) {
                if kept != k { swapAt(kept, k) }
                kept += 1
            }
            k += 1
        }
        while count > kept { removeLast() }
    }

    /// Makes the array `n` elements long, keeping its storage: removes elements from the end, or
    /// appends copies of `filler`. For buffers that are then written in place.
    @inline(__always)
    mutating func resize(to n: Int, with filler: Element) {
        while count > n { removeLast() }
        while count < n { append(filler) }
    }
}

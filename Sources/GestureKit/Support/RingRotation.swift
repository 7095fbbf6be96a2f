/// Puts a ring's queued elements one after another, oldest first, from slot 0, when they wrap
/// round the end of its storage (`RingBuffer.takeAll`). It works on raw bytes, one element being
/// `stride` bytes of plain data, so every queue type shares one copy of the code.
///
/// The usual case is a queue that its host drains often: few elements, with free slots between
/// the wrapped part (slots `0..<wrapped`) and the older part (`head..<capacity`). Then the
/// wrapped part moves up behind where the older part will go, and the older part moves to slot 0:
/// two `memmove`s of the queued elements only. A queue too full for that is rotated whole, by
/// three reversals (no temporary storage).
enum RingRotation {
    @inline(never) @_optimize(size)
    static func unwrap(_ base: UnsafeMutableRawPointer, capacity: Int, stride: Int, head: Int, count: Int) {
        let older = capacity - head
        let wrapped = count - older
        if count <= head {
            (base + older * stride).copyMemory(from: base, byteCount: wrapped * stride)
            base.copyMemory(from: base + head * stride, byteCount: older * stride)
            return
        }
        reverse(base, stride, 0, head)
        reverse(base, stride, head, capacity)
        reverse(base, stride, 0, capacity)
    }

    /// Reverses the order of the elements in slots `lo..<hi`, swapping their bytes, eight at a
    /// time when the stride allows (the queues' entries are multiples of 8 bytes).
    @inline(never) @_optimize(size)
    private static func reverse(_ base: UnsafeMutableRawPointer, _ stride: Int, _ lo: Int, _ hi: Int) {
        var i = lo
        var j = hi - 1
        while i < j {
            let a = base + i * stride
            let b = base + j * stride
            if stride % 8 == 0 {
                swapBytes(a, b, stride / 8, UInt64.self)
            } else {
                swapBytes(a, b, stride, UInt8.self)
            }
            i += 1
            j -= 1
        }
    }

    @inline(__always)
    private static func swapBytes<W>(_ a: UnsafeMutableRawPointer, _ b: UnsafeMutableRawPointer, _ words: Int, _: W.Type) {
        let size = MemoryLayout<W>.size
        var k = 0
        while k < words {
            let t = a.load(fromByteOffset: k * size, as: W.self)
            a.storeBytes(of: b.load(fromByteOffset: k * size, as: W.self), toByteOffset: k * size, as: W.self)
            b.storeBytes(of: t, toByteOffset: k * size, as: W.self)
            k += 1
        }
    }
}

/// A bounded cache that drops the least recently used entry first: O(1) lookup, insert and
/// eviction (a dictionary into an array-backed doubly linked list, no per-access allocation).
/// The list's layout cache keeps a few viewports of laid-out rows in one (docs/behaviour.md,
/// "Layout cache").
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        /// Nil once the slot is free, so that a dropped value is released at once.
        var value: Value?
        var previous: Int
        var next: Int
    }

    public private(set) var capacity: Int
    private var index: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    /// Most recently used (−1: empty).
    private var head = -1
    /// Least recently used.
    private var tail = -1

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    /// Whether `key` is cached, without touching its recency.
    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` as the most recently used; returns what was evicted to make room.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> [(key: Key, value: Value)] {
        if let slot = index[key] {
            nodes[slot].value = value
            moveToFront(slot)
            return []
        }
        var evicted: [(key: Key, value: Value)] = []
        while index.count >= capacity, let last = removeLast() { evicted.append(last) }
        let node = Node(key: key, value: value, previous: -1, next: head)
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        index[key] = slot
        return evicted
    }

    /// Drops `key`; returns its value.
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        unlink(slot)
        free.append(slot)
        let value = nodes[slot].value
        nodes[slot].value = nil
        return value
    }

    /// Drops everything.
    public mutating func removeAll() {
        index.removeAll()
        nodes.removeAll()
        free.removeAll()
        head = -1
        tail = -1
    }

    /// A new bound; the least recently used entries beyond it are dropped and returned.
    @discardableResult
    public mutating func setCapacity(_ newCapacity: Int) -> [(key: Key, value: Value)] {
        capacity = max(1, newCapacity)
        var evicted: [(key: Key, value: Value)] = []
        while index.count > capacity, let last = removeLast() { evicted.append(last) }
        return evicted
    }

    /// Keys from the most to the least recently used (for tests).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = head
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    private mutating func removeLast() -> (key: Key, value: Value)? {
        guard tail >= 0 else { return nil }
        let slot = tail
        let node = nodes[slot]
        index.removeValue(forKey: node.key)
        unlink(slot)
        free.append(slot)
        nodes[slot].value = nil
        guard let value = node.value else { return nil }
        return (node.key, value)
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous, next = nodes[slot].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = -1
        nodes[slot].next = -1
    }

    private mutating func moveToFront(_ slot: Int) {
        guard head != slot else { return }
        unlink(slot)
        nodes[slot].next = head
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}


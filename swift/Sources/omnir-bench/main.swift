// The Swift side of the build-and-walk benchmark: the same work as
// swift/Benchmarks/build_walk.c does through the C API, through the Swift API.
//
//   build_reused  create N ops "bench.add" (2 operands: the block's arguments, 1 result i32,
//                 attribute tag = 7 : i32) through one reused OperationState, each inserted
//                 at the end of the body block of a "bench.func" op (`state.create(at:)`);
//   build_fresh   the same with `Operation.create(...)` per op (a fresh state each time);
//   walk          `func.walk { _ in count += 1 }` over the func op and its N ops (a Swift
//                 `Operation` wrapper is made for each visited op).
// Best of 3 rounds. Output: one "<name> <ns/op>" line per figure.
//
//     swift run -c release omnir-bench [N]     (default 100000)
import Glibc
import Omnir

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

func run() throws {
    let n = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
    let ctx = Context(allowUnregisteredDialects: true)
    let loc = ctx.unknownLocation
    let i32 = try IntegerType(width: 32, context: ctx).type
    let tag = try IntegerAttr(7, type: i32).attribute
    var bestReused = Double.infinity, bestFresh = Double.infinity, bestWalk = Double.infinity

    for _ in 0..<3 {
        for fresh in [false, true] {
            let state = try OperationState("bench.func", location: loc)
            try state.setNumRegions(1)
            let function = try state.create()
            let block = try function.region(0).appendBlock(argumentTypes: [i32, i32])
            let a = try block.argument(0), b = try block.argument(1)
            let end = InsertionPoint(block)

            var t0 = now()
            if !fresh {
                let add = try OperationState("bench.add", location: loc)
                    .addOperands([a, b]).addResults([i32]).addAttribute("tag", tag)
                for _ in 0..<n { _ = try add.create(at: end) }
            } else {
                for _ in 0..<n {
                    _ = try Operation.create(name: "bench.add", operands: [a.value, b.value], results: [i32],
                                             attributes: ["tag": tag], location: loc, at: end)
                }
            }
            var dt = (now() - t0) / Double(n)
            if fresh {
                bestFresh = min(bestFresh, dt)
            } else {
                bestReused = min(bestReused, dt)
                var count = 0
                t0 = now()
                try function.walk { _ in count += 1 }
                dt = (now() - t0) / Double(n)
                guard count == n + 1 else { fatalError("walked \(count) ops, expected \(n + 1)") }
                bestWalk = min(bestWalk, dt)
            }
            try function.erase(dropUses: true)
        }
    }
    func f(_ x: Double) -> String { String((x * 10).rounded() / 10) }
    print("build_reused \(f(bestReused))\nbuild_fresh \(f(bestFresh))\nwalk \(f(bestWalk))")
}

do { try run() } catch {
    print("omnir-bench: \(error)")
    exit(1)
}

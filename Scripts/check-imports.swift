#!/usr/bin/env swift
// Checks the module arrows and the Apple-platform guards; run from the package root:
//
//   swift Scripts/check-imports.swift
//
// 1. Every `import M` of a module of this package, in every target's sources (Sources/,
//    Tests/, Benchmarks/), names a dependency the target declares in Package.swift (read
//    through `swift package dump-package`). SwiftPM builds every module into one folder, so
//    the compiler alone would accept an import of a module the target never declared.
// 2. docs/architecture.md's module table ("| `Module` | lines | holds | depends on |") lists
//    every library module of Sources/ with exactly the dependencies Package.swift declares.
// 3. Nothing Glibc-only stands outside an `#if os(Linux)` / `#if canImport(Glibc)` (or Musl)
//    branch: `import Glibc`/`Musl`, and the calls Darwin lacks (`syncfs`, `fdatasync`,
//    `RUSAGE_SELF.rawValue`, …); and a guarded branch holding code (not just imports) has an
//    `#else`/`#elseif` with the other platforms' equivalent, so the package builds for Apple.
//
// Prints one line per violation (file:line: what) and exits 1 if there is any, 0 otherwise.
import Foundation

var problems: [String] = []
let root = FileManager.default.currentDirectoryPath

// MARK: Package.swift, as SwiftPM reads it

func dumpPackage() -> [String: Any] {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  p.arguments = ["swift", "package", "dump-package"]
  let pipe = Pipe()
  p.standardOutput = pipe
  do { try p.run() } catch {
    FileHandle.standardError.write(Data("check-imports: cannot run `swift package dump-package`: \(error)\n".utf8))
    exit(1)
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  guard p.terminationStatus == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
    FileHandle.standardError.write(Data("check-imports: `swift package dump-package` failed\n".utf8))
    exit(1)
  }
  return json
}

struct Target {
  var name: String
  var type: String
  var path: String
  var dependencies: Set<String>
}

let package = dumpPackage()
var targets: [Target] = []
for t in package["targets"] as? [[String: Any]] ?? [] {
  guard let name = t["name"] as? String, let type = t["type"] as? String else { continue }
  var deps: Set<String> = []
  for d in t["dependencies"] as? [[String: Any]] ?? [] {
    // {"byName": ["X", null]}, {"target": ["X", null]} or {"product": ["X", …]}
    for (_, value) in d { if let list = value as? [Any], let first = list.first as? String { deps.insert(first) } }
  }
  let path = (t["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
  targets.append(Target(name: name, type: type, path: path, dependencies: deps))
}
let moduleNames = Set(targets.map(\.name))

func swiftFiles(under folder: String) -> [String] {
  guard let e = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
  var out: [String] = []
  while let f = e.nextObject() as? String {
    if f.hasSuffix(".swift") { out.append(folder + "/" + f) }
  }
  return out.sorted()
}

// MARK: 1. imports against the declared arrows

let importPattern = try! NSRegularExpression(pattern: #"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

for target in targets {
  for file in swiftFiles(under: target.path) {
    guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let s = String(line)
      guard let m = importPattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
        let r = Range(m.range(at: 1), in: s)
      else { continue }
      let module = String(s[r])
      if moduleNames.contains(module), module != target.name, !target.dependencies.contains(module) {
        problems.append("\(file):\(i + 1): imports \(module), which is not a dependency of \(target.name) in Package.swift (declared: \(target.dependencies.sorted().joined(separator: ", ")))")
      }
    }
  }
}

// MARK: 2. docs/architecture.md agrees with Package.swift

let libraryTargets = targets.filter { $0.type == "regular" && $0.path.hasPrefix("Sources/") }
if let doc = try? String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8) {
  var documented: [String: (line: Int, deps: Set<String>)] = [:]
  for (i, line) in doc.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard cells.count >= 6, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
    let name = String(cells[1].dropFirst().dropLast())
    guard moduleNames.contains(name) else { continue }
    let depsCell = cells[cells.count - 2]
    let deps = depsCell == "—" || depsCell == "-" ? [] : depsCell.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }
    documented[name] = (i + 1, Set(deps))
  }
  for t in libraryTargets {
    guard let d = documented[t.name] else {
      problems.append("docs/architecture.md: the module table has no row for \(t.name)")
      continue
    }
    if d.deps != t.dependencies {
      problems.append("docs/architecture.md:\(d.line): \(t.name) depends on \(d.deps.sorted().joined(separator: ", ")) here but on \(t.dependencies.sorted().joined(separator: ", ")) in Package.swift")
    }
  }
} else {
  problems.append("docs/architecture.md: missing")
}

// MARK: 3. Glibc-only code stays behind a Linux guard, with an equivalent for the others

let linuxOnly = ["syncfs", "fdatasync", "posix_fadvise", "fallocate", "sched_getaffinity", "get_nprocs", "mallinfo",
                 "malloc_trim", "epoll_", "inotify_", "eventfd", "O_TMPFILE", "renameat2", "copy_file_range",
                 "RUSAGE_SELF.rawValue", "st_mtim.", "st_atim.", "st_ctim.", "Glibc."]
let linuxCondition = try! NSRegularExpression(pattern: #"(?<!!)\b(os\(Linux\)|canImport\((Glibc|Musl)\))"#)

/// Whether `code` uses `name` as a whole identifier (`syncfs(`, not `syncfsFunction`); names
/// ending in `_` or `.` are prefixes.
func mentions(_ code: String, _ name: String) -> Bool {
  var search = code.startIndex..<code.endIndex
  while let r = code.range(of: name, range: search) {
    let before = r.lowerBound == code.startIndex ? nil : code[code.index(before: r.lowerBound)]
    let after = r.upperBound == code.endIndex ? nil : code[r.upperBound]
    let isWordChar = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
    let open = name.last == "_" || name.last == "."
    if !isWordChar(before), open || !isWordChar(after) { return true }
    search = r.upperBound..<code.endIndex
  }
  return false
}

func isLinuxCondition(_ c: String) -> Bool {
  linuxCondition.firstMatch(in: c, range: NSRange(c.startIndex..., in: c)) != nil
}

for target in targets {
  for file in swiftFiles(under: target.path) {
    guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
    // One frame per open #if: is the current branch Linux-only, did a Linux branch hold code,
    // does the block have another branch, where it opened.
    struct Frame { var linux: Bool; var linuxCode = false; var hasOther = false; var line: Int }
    var stack: [Frame] = []
    for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        stack.append(Frame(linux: isLinuxCondition(String(line.dropFirst(4))), line: i + 1))
        continue
      }
      if line.hasPrefix("#elseif ") || line == "#else" || line.hasPrefix("#else ") {
        if !stack.isEmpty {
          stack[stack.count - 1].hasOther = true
          stack[stack.count - 1].linux = line.hasPrefix("#elseif ") && isLinuxCondition(String(line.dropFirst(8)))
        }
        continue
      }
      if line.hasPrefix("#endif") {
        if let f = stack.popLast(), f.linuxCode, !f.hasOther {
          problems.append("\(file):\(f.line): a Linux-only #if block with no #else: add the Darwin equivalent so the package builds for Apple platforms")
        }
        continue
      }
      let code = line.hasPrefix("//") ? "" : line
      if code.isEmpty { continue }
      let guarded = stack.contains { $0.linux }
      if let top = stack.indices.last, stack[top].linux, !code.hasPrefix("import ") { stack[top].linuxCode = true }
      if guarded { continue }
      if code.hasPrefix("import Glibc") || code.hasPrefix("import Musl") {
        problems.append("\(file):\(i + 1): `\(code)` outside an #if os(Linux) / #if canImport(Glibc) guard")
        continue
      }
      for name in linuxOnly where mentions(code, name) {
        problems.append("\(file):\(i + 1): `\(name)` is Linux-only: put it under #if os(Linux) with the Darwin equivalent in #else")
      }
    }
  }
}

if problems.isEmpty {
  print("check-imports: \(targets.count) targets, every import follows an arrow of Package.swift; docs/architecture.md agrees; Linux-only calls are guarded")
  exit(0)
}
for p in problems { print(p) }
print("check-imports: \(problems.count) problem(s)")
exit(1)

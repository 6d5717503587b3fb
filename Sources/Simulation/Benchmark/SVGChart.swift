import Foundation

/// A hand-written SVG chart: lines or points per series on linear axes, with a legend.
/// Numbers are printed with fixed decimals, so the same data gives the same bytes.
struct SVGChart {
  struct Series {
    var name: String
    var points: [(x: Double, y: Double)]
    /// Draw as a step function (Kaplan–Meier) rather than straight segments.
    var steps = false
    var line = true
  }

  var title: String
  var xLabel: String
  var yLabel: String
  var series: [Series]
  var width = 640.0, height = 400.0

  static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf", "#bcbd22"]

  static func f(_ x: Double) -> String { String(format: "%.1f", x) }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }

  /// A "nice" tick step for a range.
  static func step(_ span: Double) -> Double {
    guard span > 0 else { return 1 }
    let raw = span / 5
    let mag = pow(10, (log10(raw)).rounded(.down))
    let r = raw / mag
    return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag
  }

  func render() -> String {
    let left = 70.0, right = 170.0, top = 40.0, bottom = 50.0
    let pw = width - left - right, ph = height - top - bottom
    let all = series.flatMap(\.points)
    let xmax = Swift.max(1e-9, all.map(\.x).max() ?? 1), ymax = Swift.max(1e-9, all.map(\.y).max() ?? 1)
    let xs = Self.step(xmax), ys = Self.step(ymax)
    let xTop = (xmax / xs).rounded(.up) * xs, yTop = (ymax / ys).rounded(.up) * ys
    func px(_ x: Double) -> Double { left + x / xTop * pw }
    func py(_ y: Double) -> Double { top + ph - y / yTop * ph }
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
    s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    s += "<text x=\"\(Self.f(width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"13\">\(Self.escape(title))</text>\n"
    s += "<line x1=\"\(Self.f(left))\" y1=\"\(Self.f(top + ph))\" x2=\"\(Self.f(left + pw))\" y2=\"\(Self.f(top + ph))\" stroke=\"black\"/>\n"
    s += "<line x1=\"\(Self.f(left))\" y1=\"\(Self.f(top))\" x2=\"\(Self.f(left))\" y2=\"\(Self.f(top + ph))\" stroke=\"black\"/>\n"
    var x = 0.0
    while x <= xTop + 1e-9 {
      s += "<line x1=\"\(Self.f(px(x)))\" y1=\"\(Self.f(top + ph))\" x2=\"\(Self.f(px(x)))\" y2=\"\(Self.f(top + ph + 4))\" stroke=\"black\"/>"
      s += "<text x=\"\(Self.f(px(x)))\" y=\"\(Self.f(top + ph + 16))\" text-anchor=\"middle\">\(Self.label(x, xs))</text>\n"
      x += xs
    }
    var y = 0.0
    while y <= yTop + 1e-9 {
      s += "<line x1=\"\(Self.f(left - 4))\" y1=\"\(Self.f(py(y)))\" x2=\"\(Self.f(left + pw))\" y2=\"\(Self.f(py(y)))\" stroke=\"#dddddd\"/>"
      s += "<text x=\"\(Self.f(left - 6))\" y=\"\(Self.f(py(y) + 4))\" text-anchor=\"end\">\(Self.label(y, ys))</text>\n"
      y += ys
    }
    s += "<text x=\"\(Self.f(left + pw / 2))\" y=\"\(Self.f(height - 12))\" text-anchor=\"middle\">\(Self.escape(xLabel))</text>\n"
    s += "<text x=\"14\" y=\"\(Self.f(top + ph / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(Self.f(top + ph / 2)))\">\(Self.escape(yLabel))</text>\n"
    for (k, ser) in series.enumerated() {
      let color = Self.palette[k % Self.palette.count]
      if ser.line, ser.points.count > 1 {
        var d = ""
        for (i, p) in ser.points.enumerated() {
          if i == 0 { d += "M\(Self.f(px(p.x))),\(Self.f(py(p.y)))" } else if ser.steps {
            d += " H\(Self.f(px(p.x))) V\(Self.f(py(p.y)))"
          } else { d += " L\(Self.f(px(p.x))),\(Self.f(py(p.y)))" }
        }
        s += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.8\"/>\n"
      }
      if !ser.steps { for p in ser.points { s += "<circle cx=\"\(Self.f(px(p.x)))\" cy=\"\(Self.f(py(p.y)))\" r=\"3.5\" fill=\"\(color)\"/>\n" } }
      let ly = top + 14 * Double(k)
      s += "<rect x=\"\(Self.f(width - right + 10))\" y=\"\(Self.f(ly))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
      s += "<text x=\"\(Self.f(width - right + 25))\" y=\"\(Self.f(ly + 9))\">\(Self.escape(ser.name))</text>\n"
    }
    s += "</svg>\n"
    return s
  }

  static func label(_ v: Double, _ step: Double) -> String {
    step >= 1 ? String(Int(v.rounded())) : String(format: step >= 0.1 ? "%.1f" : "%.2f", v)
  }
}

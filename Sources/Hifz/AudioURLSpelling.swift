import PlannerCore

/// A template with its reciter: what spells the audio URLs of a plan. Its files keep it and
/// their ayah, and spell their URL when it is read or written (a plan lists one per ayah: made
/// as strings up front, once for the Quran plan and again for the daily plan, they were 1.3 %
/// of a night's instructions).
public final class AudioURLSpelling: Sendable {
  public let template: AudioURLTemplate
  public let reciter: String
  /// The reciter's UTF-8, and the most bytes a URL takes.
  let name: [UInt8]
  let capacity: Int

  public init(template: AudioURLTemplate, reciter: String) {
    self.template = template
    self.reciter = reciter
    name = Array(reciter.utf8)
    capacity = template.capacity(nameCount: name.count)
  }

  /// The URL of one ayah.
  public func url(ayahID id: Int) -> String {
    name.withUnsafeBufferPointer { name in
      String(unsafeUninitializedCapacity: capacity) { template.write(ayahID: id, name: name, at: $0.baseAddress!) }
    }
  }

  /// Runs `body` on the UTF-8 of one ayah's URL (the same bytes as ``url(ayahID:)``'s).
  public func withURL<R>(ayahID id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      name.withUnsafeBufferPointer { name in
        let n = template.write(ayahID: id, name: name, at: buffer.baseAddress!)
        return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: n))
      }
    }
  }

  /// The audio files of one plan item (``AudioURLTemplate/files(item:ranges:reciter:)``).
  public func files(item: Int, ranges: [AyahRange]) -> [QuranAudioFile] {
    var out: [QuranAudioFile] = []
    out.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
    for r in ranges {
      for id in r.ids {
        let ref = Quran.ref(id)
        if ref.ayah == 1 && ref.surah != 1 && ref.surah != 9 {
          out.append(QuranAudioFile(item: item, ayah: AyahRef(surah: 1, ayah: 1), ayahID: 1, spelling: self, basmala: true))
        }
        out.append(QuranAudioFile(item: item, ayah: ref, ayahID: id, spelling: self))
      }
    }
    return out
  }
}

// Fuzz target: the learner profile reader (LearnerProfile.decode: JSON, keys, validation), and
// each accepted profile's round trip through its encoding.
import Foundation
import LearnerStore
import PlannerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let profile = try? LearnerProfile.decode(bytes, file: "profile.json") else { return 0 }
  let again = try! LearnerProfile.decode(profile.encoded(), file: "round-trip.json")
  precondition(again == profile, "round trip changed the profile")
  return 0
}

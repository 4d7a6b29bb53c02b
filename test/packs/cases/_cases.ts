/** One pack's cases: commands it must refuse, and everyday commands of the same tools it must let through. */
export interface PackCases {
  block: string[];
  pass: string[];
}

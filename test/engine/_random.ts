// A small deterministic generator (xorshift) for the filter patterns' property tests, so a failure names its seed.
export function random(seed: number): (n: number) => number {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

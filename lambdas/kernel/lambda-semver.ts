// The Lambda build (infra/constructs/lambda-bundling.ts) aliases `semver` to this module. Its only user there is
// the X-Ray SDK's capture of the AWS SDK v2 (aws-xray-sdk-core's aws_p.js, `gte` of the v2 SDK's version), which the
// portal never calls (Tracer captures the v3 clients); the full package is about 29 KB of every bundle.
const parts = (version: string) => version.split(/[.+-]/, 3).map((part) => Number.parseInt(part, 10) || 0);

/** Whether version `a` is at least `b`, on major.minor.patch (pre-releases not told apart). */
export function gte(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) {
    if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) > (y[index] ?? 0);
  }
  return true;
}

export default { gte };

// The Lambda build (infra/constructs/lambda-bundling.ts) aliases `@smithy/core/event-streams` to this module: the
// SDK's HTTP protocols load it only for operations that stream events (Transcribe, Bedrock, S3 Select), and
// DynamoDB, the one SDK client of the portal, has none. Bundled, it weighed about 20 KB with its checksums.
const notBundled = (): never => {
  throw new Error('AWS event streams are not part of the Lambda bundle');
};

export const eventStreamSerdeProvider = notBundled;

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

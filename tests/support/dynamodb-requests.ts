// Counts the DynamoDB requests this process makes (the SDK commands sent through the one client every
// entity uses), for the per-call budget of at most 3 requests and no Scan.
import { captureDynamoDbRequests } from './dynamodb-capture.js';

/** Runs `work` and returns the DynamoDB commands it sent, in order. */
export async function dynamoDbRequestsOf<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const { result, requests } = await captureDynamoDbRequests(work);
  return { result, requests: requests.map((request) => request.command) };
}

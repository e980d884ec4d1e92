// Structured logs with request ids. Never log tokens, links, e-mail bodies or secrets.
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'portal' });

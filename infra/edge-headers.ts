// The headers the edge adds to API requests, named once for CloudFront (constructs/web.ts), the API function's
// configuration (constructs/api.ts) and the local origin that plays CloudFront's part (local/stack.ts).

/** Carries the origin secret on every request the CDN sends to the API (ORIGIN_SECRET_HEADER). */
export const originSecretHeader = 'x-origin-secret';
/** Carries the viewer's address, written by a viewer-request function (VIEWER_ADDRESS_HEADER). */
export const viewerAddressHeader = 'x-viewer-address';

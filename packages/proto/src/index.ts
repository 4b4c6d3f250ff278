// Generated gRPC contracts (see proto/ and scripts/gen-proto.mjs). Each service is a namespace
// object so names like `File` or `Job` never clash between contracts.

export * as authV1 from './gen/mediakit/auth/v1/auth.ts';
export * as contentV1 from './gen/mediakit/content/v1/content.ts';
export * as filesV1 from './gen/mediakit/files/v1/files.ts';
export * as jobsV1 from './gen/mediakit/jobs/v1/jobs.ts';
export * as webhooksV1 from './gen/mediakit/jobs/v1/webhooks.ts';

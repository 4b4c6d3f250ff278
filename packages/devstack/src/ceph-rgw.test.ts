import { afterEach, describe, expect, it } from 'vitest';
import { startCephRgw } from './ceph-rgw.ts';

// Starting the gateway itself is proven by the s3 test project (tests/s3), which runs on it.
describe('startCephRgw', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('says how to install Ceph when it is missing, and starts nothing', async () => {
    process.env.PATH = '/nonexistent';
    await expect(startCephRgw({ dir: '/nonexistent/ceph' })).rejects.toThrow(
      /Ceph is not installed \(missing ceph-mon, .*\)\. Run `MK_SETUP_BROWSER=1 npm run setup`/,
    );
  });
});

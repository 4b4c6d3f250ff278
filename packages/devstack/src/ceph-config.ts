import { join } from 'node:path';

/**
 * ceph.conf of the one-node test cluster: everything under `dir`, one copy of each object (there is
 * one OSD), memstore so the data lives in RAM, only msgr2 on loopback, small logs, and none of the
 * health warnings a one-node cluster would raise forever.
 */
export function cephConfig({ dir, fsid, monPort }: { dir: string; fsid: string; monPort: number }): string {
  return `[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${monPort}]
ms bind msgr1 = false
public addr = 127.0.0.1
keyring = ${join(dir, 'keyring')}
run dir = ${join(dir, 'run')}
admin socket = ${join(dir, 'run', '$name.asok')}
log file = ${join(dir, '$name.log')}
log to stderr = false
err to stderr = true
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false

[mon]
mon data = ${join(dir, 'mon', '$cluster-$id')}
mon cluster log file = ${join(dir, 'mon-cluster.log')}

[osd]
osd data = ${join(dir, 'osd', '$cluster-$id')}
keyring = ${join(dir, 'osd', 'keyring')}
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object name len = 460
osd max object namespace len = 64

[client]
rgw thread pool size = 64
`;
}

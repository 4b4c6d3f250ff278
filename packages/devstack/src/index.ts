export { CEPH_RGW_ACCESS_KEY, CEPH_RGW_SECRET_KEY, type CephRgwHandle, startCephRgw } from './ceph-rgw.ts';
export { freePort } from './free-port.ts';
export { type NatsCluster, type NatsClusterServer, startNatsCluster } from './nats-cluster.ts';
export { type NatsServerHandle, natsServerBinary, startNatsServer, waitForPort } from './nats-server.ts';
export { serviceNodeFlags, TELEMETRY_NODE_FLAGS } from './service-runtime.ts';
export {
  defaultNatsPort,
  type ServiceName,
  type ServiceSpec,
  SMALL_YOUNG_GENERATION_FLAGS,
  serviceNames,
  serviceSpecs,
} from './service-specs.ts';
export { startStack } from './stack.ts';
export { type BusyPort, PortInUseError, ServiceStartError } from './stack-errors.ts';
export type { Stack, StackOptions, UnitName } from './stack-options.ts';
export { isPortFree, type StackPorts } from './stack-ports.ts';
export { extraBinDirs, findExecutable } from './which.ts';

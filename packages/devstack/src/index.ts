export { freePort } from './free-port.ts';
export { type NatsServerHandle, natsServerBinary, startNatsServer, waitForPort } from './nats-server.ts';
export { serviceNodeFlags, TELEMETRY_NODE_FLAGS } from './service-runtime.ts';
export {
  type BusyPort,
  defaultNatsPort,
  isPortFree,
  PortInUseError,
  type ServiceName,
  type ServiceSpec,
  ServiceStartError,
  SMALL_YOUNG_GENERATION_FLAGS,
  type Stack,
  type StackOptions,
  type StackPorts,
  serviceNames,
  serviceSpecs,
  startStack,
} from './stack.ts';
export { extraBinDirs, findExecutable } from './which.ts';

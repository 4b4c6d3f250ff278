export { freePort } from './free-port.ts';
export { type NatsServerHandle, natsServerBinary, startNatsServer, waitForPort } from './nats-server.ts';
export {
  type BusyPort,
  defaultNatsPort,
  isPortFree,
  LOW_PAUSE_NODE_FLAGS,
  PortInUseError,
  type ServiceName,
  type ServiceSpec,
  ServiceStartError,
  type Stack,
  type StackOptions,
  type StackPorts,
  serviceNames,
  serviceSpecs,
  startStack,
} from './stack.ts';
export { extraBinDirs, findExecutable } from './which.ts';

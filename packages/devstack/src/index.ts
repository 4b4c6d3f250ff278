export { freePort } from './free-port.ts';
export { type NatsServerHandle, natsServerBinary, startNatsServer, waitForPort } from './nats-server.ts';
export {
  defaultNatsPort,
  isPortFree,
  PortInUseError,
  type ServiceName,
  type ServiceSpec,
  ServiceStartError,
  serviceNames,
  serviceSpecs,
  type Stack,
  type StackOptions,
  type StackPorts,
  startStack,
} from './stack.ts';
export { extraBinDirs, findExecutable } from './which.ts';

/**
 * Marks a plugin as shared with the app that registers it, which is what `fastify-plugin` does
 * (that package is not a dependency of the gateway): its hooks, handlers and the plugins it
 * registers (helmet, rate-limit, cookie) then apply to every route instead of a private context.
 */
export function shared<P extends (...args: never[]) => unknown>(plugin: P, name: string): P {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}

/**
 * The browser bundle's stand-in for typebox. The client uses the route table's schemas for types only (its
 * endpoints read method, path, prefix and process id), so shipping typebox's builders and compiler (about 80 KB
 * gzip) would only slow the first page. Builders return light objects that keep what the shared files read back
 * (`.properties` of objects). Jest and the server use the real package. webpack.config.js aliases `typebox` here.
 */
type Schema = Record<string, unknown>;

const build = (kind: string, args: unknown[]): Schema => {
  if (kind === 'Object') return { kind, properties: args[0] ?? {} };
  if (kind === 'Optional' || kind === 'Partial' || kind === 'Readonly') return (args[0] ?? {}) as Schema;
  return { kind };
};

const Type = new Proxy({} as Record<string, (...args: unknown[]) => Schema>, {
  get: (_target, kind) => (...args: unknown[]) => build(String(kind), args),
});

export default Type;
export { Type };

import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { SchemaCompilers } from '../app';
import { validatorCompiler } from '../platform/http/validation';

/**
 * Schema compilers shared by the apps a test file builds, one per test: the app's own validator compiler and
 * Fastify's serializer compiler, each compiling a schema once. What they compile depends only on the schema (and the
 * request part it validates), so its JSON text names it: the route table builds some schemas anew for every app
 * (the locale beside a prefixed route's params), which the compilers' own caches, kept by object, never find again.
 */
export function sharedCompilers(): SchemaCompilers {
  const validators = new Map<string, ReturnType<SchemaCompilers['validator']>>();
  const serializers = new Map<string, ReturnType<ReturnType<SchemaCompilers['buildSerializer']>>>();
  const build = SerializerSelector();
  return {
    validator: (route) => {
      const key = `${route.httpPart} ${JSON.stringify(route.schema)}`;
      let validate = validators.get(key);
      if (!validate) validators.set(key, (validate = validatorCompiler(route)));
      return validate;
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = build(externalSchemas, options);
      return (route) => {
        const key = JSON.stringify(route.schema);
        let serialize = serializers.get(key);
        if (!serialize) serializers.set(key, (serialize = compile(route)));
        return serialize;
      };
    },
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalog, getEntry, toPublicTool } from '@mediakit/catalog';
import { notFound } from '@mediakit/kit';
import { Type } from 'typebox';
import { Tool } from '../schemas.ts';

// The catalog never changes while the process runs: build the public JSON once.
const tools = catalog.map(toPublicTool);

/** The catalog (API.md "Catalog"): every tool and converter with its params' JSON Schema. */
export const toolsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tools',
    { schema: { response: { 200: Type.Object({ tools: Type.Array(Tool) }) } } },
    async () => ({ tools }),
  );

  app.get(
    '/tools/:name',
    { schema: { params: Type.Object({ name: Type.String({ maxLength: 100 }) }), response: { 200: Tool } } },
    async (request) => {
      const entry = getEntry(request.params.name);
      if (!entry) throw notFound(`Tool ${request.params.name}`);
      return toPublicTool(entry);
    },
  );
};

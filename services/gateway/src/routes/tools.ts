import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicTool } from '@mediakit/catalog';
import { notFound } from '@mediakit/kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { type Precompressed, pickEncoding, precompress } from '../precompressed.ts';
import { Tool } from '../schemas.ts';

export interface ToolsRoutesOptions {
  /** The public catalog (app.ts builds it once, with the pixel limits of this installation). */
  tools: readonly PublicTool[];
}

/** The catalog (docs/api.md "Catalog"): every tool and converter with its params' JSON Schema. */
export const toolsRoutes: FastifyPluginAsyncTypebox<ToolsRoutesOptions> = async (app, { tools }) => {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // The web app reads the whole catalog on its first load, so it must arrive compressed. It never
  // changes, so it is serialized (by the route's schema) and compressed once, then sent as it is.
  let body: Precompressed | undefined;
  app.get(
    '/tools',
    {
      config: { scope: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'List every tool and converter, with the JSON Schema of its params',
        response: { 200: Type.Object({ tools: Type.Array(Tool) }) },
      },
    },
    async (request, reply) => {
      body ??= precompress(reply.serialize({ tools }) as string);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      // Sent as bytes: the schema already shaped them, and the type provider only knows objects.
      await (reply as FastifyReply).send(encoding ? body[encoding] : body.identity);
      return reply;
    },
  );

  app.get(
    '/tools/:name',
    {
      config: { scope: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Get one tool or converter',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: Tool },
      },
    },
    async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw notFound(`Tool ${request.params.name}`);
      return tool;
    },
  );
};

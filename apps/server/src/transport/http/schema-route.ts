import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

/** The schemas of one route, as the route tables of groups and contacts give them. */
export interface RouteSchemas {
  params?: TSchema;
  body?: TSchema;
  querystring?: TSchema;
  response: TSchema;
}

type StaticOf<T> = T extends TSchema ? Static<T> : unknown;

/** A request typed from its route's schemas: what the handler reads is what the schema checked. */
export type SchemaRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: StaticOf<S['params']>;
  Body: StaticOf<S['body']>;
  Querystring: StaticOf<S['querystring']>;
}>;

/** A handler of such a route. */
export type SchemaHandler<S extends RouteSchemas> = (request: SchemaRequest<S>) => Promise<unknown>;

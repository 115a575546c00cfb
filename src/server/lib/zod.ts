import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

/** Lets route handlers see the parsed type of the zod schema on each part of the route. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Fastify validates every body, query and param with the shared zod schemas. */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: new RequestValidationError(result.error, httpPart ?? 'body') };
    };
  });
  // Responses are shaped by the services; JSON.stringify is enough and keeps zod out of the hot path.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
}

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiEndpoints, contractTables } from '../../domain/contracts';
import type { Contract } from '../../domain/contracts/endpoint';
import { useTestApp } from '../test/app';
import { requireContracts, routesOf } from './endpoint';
import { installErrorHandling } from './errors';

const contract = {
  'POST /api/things/:id': { params: z.object({ id: z.uuid() }), body: z.object({ name: z.string().min(1) }), response: z.object({ name: z.string() }), status: 201 },
} as const satisfies Contract;

function appWithContracts() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  requireContracts(app, contract);
  return app;
}

describe('routes from contracts', () => {
  it('validate the request and serialise the answer with the contract, dropping what it does not name', async () => {
    const app = appWithContracts();
    const route = routesOf(contract);
    app.route({
      ...route('POST /api/things/:id', { tags: ['things'], summary: 'A thing' }),
      handler: async (request, reply) => reply.code(201).send({ name: request.body.name, secret: 'x' } as { name: string }),
    });
    const id = '4f7d3c1e-8a2b-4c6d-9e0f-1a2b3c4d5e6f';
    const ok = await app.inject({ method: 'POST', url: `/api/things/${id}`, payload: { name: 'Bruno' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ name: 'Bruno' });
    expect((await app.inject({ method: 'POST', url: '/api/things/not-a-uuid', payload: { name: 'Bruno' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/things/${id}`, payload: { name: '' } })).statusCode).toBe(400);
  });

  it('are the only /api routes an app with contracts will take', async () => {
    const app = appWithContracts();
    expect(() => app.get('/api/elsewhere', async () => ({}))).toThrow('GET /api/elsewhere has no contract');
    const ownParams = { params: z.object({ id: z.string() }), body: contract['POST /api/things/:id'].body };
    expect(() => app.post('/api/things/:id', { schema: ownParams }, async () => ({}))).toThrow('must take its schemas from its contract');
    expect(() => app.get('/about', async () => 'a page')).not.toThrow();
  });
});

describe('the contracts', () => {
  const t = useTestApp();

  it('name each endpoint once', () => {
    const keys = contractTables.flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(apiEndpoints)).toHaveLength(keys.length);
  });

  it('name only routes the app serves', () => {
    const missing = Object.keys(apiEndpoints).filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return !t.app.hasRoute({ method: method as 'GET', url });
    });
    expect(missing).toEqual([]);
  });
});

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreateInput,
  WebhookEndpointUpdateInput,
  WebhookEndpointWithSecret,
} from '../../shared/api/webhooks';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/* The customer's webhook endpoints and their delivery log (DESIGN §3 "Trade API keys and webhooks"). */

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

const schemas = () => import('../../shared/api/webhooks');
const base = '/api/account/webhooks';
const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });

export async function fetchWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  const { data } = await http.get<unknown>(base);
  return (await schemas()).webhookEndpointListSchema.parse(data).data;
}

export const useWebhookEndpoints = () => useQuery({ queryKey: webhookKeys.endpoints, queryFn: fetchWebhookEndpoints });

export async function fetchWebhookDeliveries(id: number, page: number): Promise<WebhookDeliveryList> {
  const { data } = await http.get<unknown>(`${base}/${id}/deliveries`, { params: { page, per_page: 10 } });
  return (await schemas()).webhookDeliveryListSchema.parse(data);
}

export const useWebhookDeliveries = (id: number, page: number) =>
  useQuery({ queryKey: webhookKeys.deliveries(id, page), queryFn: () => fetchWebhookDeliveries(id, page), placeholderData: keepPreviousData });

export async function createWebhookEndpoint(input: WebhookEndpointCreateInput): Promise<WebhookEndpointWithSecret> {
  const { data } = await http.post<unknown>(base, input);
  await refresh();
  return (await schemas()).webhookEndpointWithSecretSchema.parse(data);
}

export async function updateWebhookEndpoint(id: number, input: WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
  const { data } = await http.patch<unknown>(`${base}/${id}`, input);
  await refresh();
  return (await schemas()).webhookEndpointSchema.parse(data);
}

export async function deleteWebhookEndpoint(id: number): Promise<void> {
  await http.delete(`${base}/${id}`);
  await refresh();
}

export async function rotateWebhookSecret(id: number): Promise<WebhookEndpointWithSecret> {
  const { data } = await http.post<unknown>(`${base}/${id}/rotate`);
  await refresh();
  return (await schemas()).webhookEndpointWithSecretSchema.parse(data);
}

export async function sendWebhookTest(id: number): Promise<WebhookDelivery> {
  const { data } = await http.post<unknown>(`${base}/${id}/test`);
  await refresh();
  return (await schemas()).webhookDeliverySchema.parse(data);
}

export async function resendWebhookDelivery(id: number, deliveryId: number): Promise<WebhookDelivery> {
  const { data } = await http.post<unknown>(`${base}/${id}/deliveries/${deliveryId}/resend`);
  await refresh();
  return (await schemas()).webhookDeliverySchema.parse(data);
}

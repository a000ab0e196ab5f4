import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientServiceName, codeCrossings, dependencyRefs, matchDependencies, namesInLiteral } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';

/**
 * The same checkout handler in several languages: it reserves stock over HTTP (a URL whose
 * host is a service), charges through a generated client, writes to a database by connection
 * string and publishes to a topic. The extraction reads only the PDG's literals and call
 * names, so the same targets come out of every language.
 */
const snippets: Record<string, string> = {
  'checkout.go': `package main

const paymentTopic = "payment-events"

func placeOrder(ctx context.Context, req *Request) error {
	resp, err := http.Post("http://inventory.shop.svc.cluster.local:8080/reserve", "application/json", body)
	if err != nil {
		return fmt.Errorf("reserve failed: %w", err)
	}
	client := pb.NewPaymentServiceClient(conn)
	db, _ := sql.Open("postgres", "host=orders-db port=5432 user=shop dbname=orders")
	producer.Send(paymentTopic, req.Id)
	return nil
}
`,
  'Checkout.java': `package shop;

public class Checkout {
  private static final String PAYMENT_TOPIC = "payment-events";

  public void placeOrder(Request req) throws Exception {
    HttpRequest reserve = HttpRequest.newBuilder(URI.create("http://inventory:8080/reserve")).build();
    PaymentServiceGrpc.PaymentServiceBlockingStub stub = PaymentServiceGrpc.newBlockingStub(channel);
    Connection db = DriverManager.getConnection("jdbc:postgresql://orders-db:5432/orders");
    producer.send(new ProducerRecord<>(PAYMENT_TOPIC, req.id()));
  }
}
`,
  'checkout.py': `PAYMENT_TOPIC = "payment-events"

def place_order(req):
    requests.post("http://inventory:8080/reserve", json=req.items)
    stub = payment_pb2_grpc.PaymentServiceStub(channel)
    conn = psycopg2.connect("host=orders-db dbname=orders user=shop")
    producer.send(PAYMENT_TOPIC, req.id)
`,
  'checkout.js': `const PAYMENT_TOPIC = 'payment-events';

async function placeOrder(req) {
  await fetch('http://inventory:8080/reserve', { method: 'POST', body: JSON.stringify(req.items) });
  const client = new PaymentServiceClient('payment:50051', credentials);
  const db = new Pool({ connectionString: 'postgres://shop@orders-db:5432/orders' });
  await producer.send({ topic: PAYMENT_TOPIC, messages: [{ value: req.id }] });
}
`,
  'Checkout.scala': `package shop

object Checkout {
  val PaymentTopic = "payment-events"

  def placeOrder(req: Request): Unit = {
    val reserved = http.post("http://inventory:8080/reserve", req.items)
    val stub = PaymentServiceGrpc.blockingStub(channel)
    val db = Database.forURL("jdbc:postgresql://orders-db:5432/orders")
    producer.send(new ProducerRecord(PaymentTopic, req.id))
  }
}
`,
  'Checkout.swift': `let paymentTopic = "payment-events"

func placeOrder(_ req: Request) async throws {
    let reserve = URL(string: "http://inventory:8080/reserve")!
    let client = PaymentServiceAsyncClient(channel: channel)
    let db = try await PostgresConnection.connect(configuration: .init(url: "postgres://shop@orders-db:5432/orders"))
    try await producer.send(topic: paymentTopic, value: req.id)
}
`,
  'checkout.dart': `const paymentTopic = 'payment-events';

Future<void> placeOrder(Request req) async {
  await http.post(Uri.parse('http://inventory:8080/reserve'), body: req.items);
  final client = PaymentServiceClient(channel);
  final db = await Connection.open(Endpoint.parse('postgres://shop@orders-db:5432/orders'));
  producer.send(paymentTopic, req.id);
}
`,
  'checkout.lua': `local PAYMENT_TOPIC = "payment-events"

local function place_order(req)
  local res = http.request("http://inventory:8080/reserve", req.items)
  local client = grpc.PaymentServiceClient("payment:50051")
  local db = pgmoon.new({ host = "orders-db", database = "orders" })
  producer:send(PAYMENT_TOPIC, req.id)
end
`,
  'checkout.ex': `defmodule Shop.Checkout do
  @payment_topic "payment-events"

  def place_order(req) do
    {:ok, _} = HTTPoison.post("http://inventory:8080/reserve", Jason.encode!(req.items))
    {:ok, channel} = PaymentService.Stub.connect("payment:50051")
    {:ok, db} = Postgrex.start_link(url: "ecto://shop@orders-db:5432/orders")
    :brod.produce_sync(:kafka, @payment_topic, 0, "", req.id)
  end
end
`,
};

const entities = [
  { id: 'shop/Service/checkout', kind: 'Service', name: 'checkout' },
  { id: 'shop/Service/inventory', kind: 'Service', name: 'inventory' },
  { id: 'shop/Deployment/inventory', kind: 'Deployment', name: 'inventory' },
  { id: 'shop/Service/payment', kind: 'Service', name: 'payment' },
  { id: 'shop/StatefulSet/orders-db', kind: 'StatefulSet', name: 'orders-db' },
  { id: 'shop/Topic/payment-events', kind: 'Topic', name: 'payment-events' },
  { id: 'shop/Pod/inventory-7d9f', kind: 'Pod', name: 'inventory-7d9f' },
  { id: 'shop/Service/shipping', kind: 'Service', name: 'shipping' },
];

function dirWith(file: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-deps-'));
  writeFileSync(join(dir, file), text);
  return dir;
}

describe('dependency targets from code', () => {
  for (const [file, text] of Object.entries(snippets)) {
    it(`finds the same targets in ${file}, each at its line`, async () => {
      const pdg = await buildServicePdg(dirWith(file, text), { cacheDir: null });
      const targets = matchDependencies(dependencyRefs(pdg), entities, new Set(['shop/Service/checkout']));
      const byEntity = new Map(targets.map((t) => [t.entity, t]));
      expect([...byEntity.keys()].sort()).toEqual([
        'shop/Service/inventory',
        'shop/Service/payment',
        'shop/StatefulSet/orders-db',
        'shop/Topic/payment-events',
      ]);
      const lines = text.split('\n');
      for (const t of targets) {
        expect(t.file).toBe(file);
        // The cited line holds what was matched: file:line provenance an engineer can open.
        expect(lines[t.line - 1]).toContain(t.text.length > 30 ? t.text.slice(0, 30) : t.text);
      }
      expect(byEntity.get('shop/Service/inventory')?.via).toBe('url');
    });
  }

  it('does not cross to the Origin itself, to entities it is linked to, or to names that are no entity', async () => {
    const pdg = await buildServicePdg(dirWith('checkout.py', snippets['checkout.py'] as string), { cacheDir: null });
    const exclude = new Set(['shop/Service/checkout', 'shop/Service/inventory', 'shop/Deployment/inventory']);
    const targets = codeCrossings(pdg, [], entities, exclude);
    expect(targets.map((t) => t.entity)).not.toContain('shop/Service/inventory');
    expect(targets.map((t) => t.entity)).not.toContain('shop/Service/shipping');
    expect(targets.map((t) => t.entity)).toContain('shop/Service/payment');
  });

  it('reads hosts, connection strings and generated clients, and ignores local hosts and plain calls', () => {
    expect(namesInLiteral('https://user:pw@cart.shop.svc:7070/api?x=1')).toEqual([{ name: 'cart', via: 'url' }]);
    expect(namesInLiteral('Server=orders-db;Database=orders;')).toEqual([{ name: 'orders-db', via: 'host' }]);
    expect(namesInLiteral('redis-cart:6379')).toEqual([{ name: 'redis-cart', via: 'host' }]);
    expect(namesInLiteral('http://localhost:8080/health')).toEqual([]);
    expect(namesInLiteral('http://10.0.0.12:8080/')).toEqual([]);
    expect(namesInLiteral('order failed, retrying')).toEqual([]);
    expect(clientServiceName('NewCheckoutServiceClient')).toBe('checkout');
    expect(clientServiceName('newBlockingStub')).toBeNull();
    expect(clientServiceName('CurrencyServiceStub')).toBe('currency');
    expect(clientServiceName('reserveStock')).toBeNull();
  });
});

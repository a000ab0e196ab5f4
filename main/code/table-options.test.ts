import { describe, expect, it } from 'vitest';
import { extractBlocks, type FileBlocks } from './extract.js';
import { dart } from './languages/dart.js';
import { elixir } from './languages/elixir.js';
import { lua } from './languages/lua.js';
import { scala } from './languages/scala.js';
import { swift } from './languages/swift.js';
import { zig } from './languages/zig.js';

/** The general table options some grammars need (roles.ts), each read through a real snippet. */
function fn(blocks: FileBlocks, name: string): FileBlocks[number] | undefined {
  return blocks.find((b) => b.level === 'function' && b.name === name);
}

describe('table options for grammars a plain type table cannot read', () => {
  it('parameterTypes: Swift parameters that sit directly in the function', async () => {
    const blocks = await extractBlocks(swift, 'func reserve(_ order: Order, quantity: Int) -> Bool {\n  return quantity > 0\n}\n');
    expect(fn(blocks, 'reserve')?.params).toEqual(['order', 'quantity']);
  });

  it('detachedBodies: a Dart body beside its signature belongs to the function, nested blocks too', async () => {
    const text = `class Cart {
  void add(String id, {required int quantity}) {
    if (quantity > limit) {
      throw ArgumentError('too many');
    }
  }
}
`;
    const blocks = await extractBlocks(dart, text);
    const add = fn(blocks, 'add');
    expect(add).toMatchObject({ startLine: 2, endLine: 6, params: ['id', 'quantity'] });
    const branch = blocks.find((b) => b.kind === 'if_statement');
    expect(branch?.parent).toBe(add?.id);
  });

  it('argumentCalls: a Dart call names its callee and keeps its receiver in one fact', async () => {
    const blocks = await extractBlocks(dart, 'void main() {\n  PaymentServiceGrpc.newStub(channel);\n}\n');
    const fact = fn(blocks, 'main')?.facts.find((f) => f.kind === 'call');
    expect(fact).toMatchObject({ line: 2, calls: ['newStub'] });
    expect(fact?.uses).toEqual(expect.arrayContaining(['PaymentServiceGrpc', 'channel']));
  });

  it('names a Lua function by the member it defines, each target of a list, and long strings', async () => {
    const text = 'function Orders.place(req)\n  local ok, err = pcall(send, [[order placed]])\nend\n';
    const place = fn(await extractBlocks(lua, text), 'place');
    expect(place?.params).toEqual(['req']);
    expect(place?.facts[0]).toMatchObject({ kind: 'assign', defines: ['ok', 'err'], strings: ['order placed'] });
  });

  it('byWord: Elixir definitions, branches and bindings are calls and operators', async () => {
    const text = `defmodule Shop.Cart do
  defp add(cart, item) when is_map(item) do
    total = cart.total + item.price
    case total do
      0 -> :empty
      _ -> {:ok, total}
    end
  end
end
`;
    const blocks = await extractBlocks(elixir, text);
    expect(blocks.find((b) => b.level === 'class')).toMatchObject({ name: 'Shop.Cart', kind: 'defmodule' });
    const add = fn(blocks, 'add');
    expect(add).toMatchObject({ kind: 'defp', params: ['cart', 'item'], startLine: 2, endLine: 8 });
    expect(add?.facts[0]).toMatchObject({ kind: 'assign', line: 3, defines: ['total'] });
    expect(add?.facts.flatMap((f) => f.uses)).not.toContain('defp');
    const branch = blocks.find((b) => b.kind === 'case');
    expect(branch?.facts[0]).toMatchObject({ kind: 'condition', uses: ['total'] });
    expect(blocks.filter((b) => b.parent === branch?.id && b.kind === 'stab_clause')).toHaveLength(2);
  });

  it('an Elixir fn takes the names its clauses bind as parameters', async () => {
    const text = `defmodule Shop.Cart do
  def total(items) do
    sum = fn item, acc -> acc + item.price end
    pick = fn
      {:ok, value} -> value
      other -> other
    end
  end
end
`;
    const blocks = await extractBlocks(elixir, text);
    expect(fn(blocks, 'sum')?.params).toEqual(['item', 'acc']);
    expect(fn(blocks, 'pick')?.params).toEqual(['value', 'other']);
  });

  it('names a type without a name of its own by its binding (Zig)', async () => {
    const blocks = await extractBlocks(
      zig,
      'pub const Cart = struct {\n    pub fn add(self: *Cart, id: u32) void {\n        _ = id;\n    }\n};\n',
    );
    const cart = blocks.find((b) => b.level === 'class');
    expect(cart).toMatchObject({ name: 'Cart', kind: 'struct_declaration' });
    expect(fn(blocks, 'add')).toMatchObject({ parent: cart?.id, params: ['self', 'id'] });
  });

  it('byWord: a Scala while, which the grammar reads as a call, is a loop on its condition', async () => {
    const blocks = await extractBlocks(scala, 'object A {\n  def f() = {\n    while (pending > 0) {\n      drain()\n    }\n  }\n}\n');
    const loop = blocks.find((b) => b.kind === 'while');
    expect(loop).toMatchObject({ level: 'block', startLine: 3, endLine: 5 });
    expect(loop?.facts[0]).toMatchObject({ kind: 'condition', uses: ['pending'] });
  });
});

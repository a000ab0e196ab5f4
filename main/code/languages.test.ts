import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';
import { discoverSources } from './discover.js';
import { extractBlocks } from './extract.js';
import { isUnsupportedSource, languageFor, languages } from './languages/index.js';

/**
 * One small, real-looking handler per language: a flag read into a variable, a branch on
 * it that logs and fails. The same assertions hold for every language, so none is special.
 */
const snippets: Record<string, string> = {
  'handler.go': `package main

func handleOrder(ctx context.Context, req *Request) error {
	enabled := client.Boolean(ctx, "orderFailure", false, evalCtx)
	if enabled {
		logger.Info("order failure flag on, failing request")
		return fmt.Errorf("forced order failure for %s", req.Id)
	}
	return nil
}
`,
  'Handler.java': `package shop;

public class Handler {
  public void handleOrder(Request req) {
    boolean enabled = ffClient.getBooleanValue("orderFailure", false, ctx);
    if (enabled) {
      logger.info("order failure flag on, failing request");
      throw new IllegalStateException("forced order failure");
    }
  }
}
`,
  'handler.py': `def handle_order(req):
    enabled = check_feature_flag("orderFailure")
    if enabled:
        logger.info("order failure flag on, failing request")
        raise RuntimeError("forced order failure")
    return req
`,
  'handler.js': `export async function handleOrder(req) {
  const enabled = await client.getBooleanValue('orderFailure', false);
  if (enabled) {
    logger.info('order failure flag on, failing request');
    throw new Error('forced order failure');
  }
}
`,
  'handler.ts': `export class Orders {
  async handleOrder(req: Request): Promise<void> {
    const enabled: boolean = await client.getBooleanValue('orderFailure', false);
    if (enabled) {
      logger.info('order failure flag on, failing request');
      throw new Error('forced order failure');
    }
  }
}
`,
  'view.tsx': `export function handleOrder(props: Props) {
  const enabled = useFlag('orderFailure');
  if (enabled) {
    logger.info('order failure flag on, failing request');
    throw new Error('forced order failure');
  }
  return <div className="order">{props.id}</div>;
}
`,
  'Handler.cs': `namespace Shop;

public class Handler
{
    public async Task HandleOrder(Request req)
    {
        var enabled = await _featureClient.GetBooleanValueAsync("orderFailure", false);
        if (enabled)
        {
            _logger.LogInformation("order failure flag on, failing request");
            throw new RpcException(new Status(StatusCode.FailedPrecondition, "forced order failure"));
        }
    }
}
`,
  'handler.rb': `def handle_order(req)
  enabled = client.fetch_boolean_value(flag_key: "orderFailure", default_value: false)
  if enabled
    logger.info("order failure flag on, failing request")
    raise ArgumentError, "forced order failure"
  end
end
`,
  'handler.rs': `pub fn handle_order(req: &Request) -> Result<(), Error> {
    let enabled = client.get_bool_value("orderFailure", None, None);
    if enabled {
        info!("order failure flag on, failing request");
        return Err(Error::msg("forced order failure"));
    }
    Ok(())
}
`,
  'Handler.kt': `package shop

class Handler {
    fun handleOrder(req: Request) {
        val enabled = client.getBooleanValue("orderFailure", false)
        if (enabled) {
            logger.info("order failure flag on, failing request")
            throw IllegalStateException("forced order failure")
        }
    }
}
`,
  'handler.php': `<?php
function handleOrder($req) {
    $enabled = $client->getBooleanValue('orderFailure', false);
    if ($enabled) {
        $logger->info('order failure flag on, failing request');
        throw new RuntimeException('forced order failure');
    }
}
`,
  'handler.cpp': `void HandleOrder(const Request& req) {
  bool enabled = client->GetBooleanValue("orderFailure", false);
  if (enabled) {
    logger->Info("order failure flag on, failing request");
    throw std::runtime_error("forced order failure");
  }
}
`,
  'handler.c': `int handle_order(const struct request *req) {
  bool enabled = flag_client_get_bool(client, "orderFailure", false);
  if (enabled) {
    log_info("order failure flag on, failing request");
    return -EINVAL;
  }
  return 0;
}
`,
  'Handler.scala': `package shop

class Handler(client: FeatureClient) {
  def handleOrder(req: Request): Unit = {
    val enabled = client.getBooleanValue("orderFailure", false)
    if (enabled) {
      logger.info("order failure flag on, failing request")
      throw new IllegalStateException(s"forced order failure for \${req.id}")
    }
  }
}
`,
  'Handler.swift': `import Foundation

final class Handler {
    func handleOrder(_ req: Request) throws {
        let enabled = client.getBooleanValue(key: "orderFailure", defaultValue: false)
        if enabled {
            logger.info("order failure flag on, failing request")
            throw OrderError.forced("forced order failure for \\(req.id)")
        }
    }
}
`,
  'handler.dart': `class Handler {
  Future<void> handleOrder(Request req) async {
    final enabled = await client.getBooleanValue('orderFailure', defaultValue: false);
    if (enabled) {
      logger.info('order failure flag on, failing request');
      throw StateError('forced order failure for \${req.id}');
    }
  }
}
`,
  'handler.lua': `local M = {}

function M.handle_order(req)
  local enabled = client:get_boolean_value("orderFailure", false)
  if enabled then
    logger.info("order failure flag on, failing request")
    error("forced order failure for " .. req.id)
  end
end

return M
`,
  'orders.ex': `defmodule Shop.Orders do
  require Logger

  def handle_order(req) do
    enabled = OpenFeature.Client.get_boolean_value(client, "orderFailure", false)
    if enabled do
      Logger.info("order failure flag on, failing request")
      raise ArgumentError, "forced order failure for #{req.id}"
    end
  end
end
`,
  'handler.zig': `const std = @import("std");

pub fn handleOrder(client: *FeatureClient, req: Request) !void {
    const enabled = try client.getBooleanValue("orderFailure", false);
    if (enabled) {
        std.log.info("order failure flag on, failing request", .{});
        return error.ForcedOrderFailure;
    }
    _ = req;
}
`,
  'Handler.m': `#import "Handler.h"

@implementation Handler

- (void)handleOrder:(Request *)req {
    BOOL enabled = [self.featureClient getBooleanValue:@"orderFailure" defaultValue:NO];
    if (enabled) {
        NSLog(@"order failure flag on, failing request");
        @throw [NSException exceptionWithName:@"OrderFailure" reason:@"forced order failure" userInfo:nil];
    }
}

@end
`,
};

function sourceTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-code-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('parsing through one role table per language', () => {
  for (const [file, text] of Object.entries(snippets))
    it(`${file}: the branch on the flag, the function and the message`, async () => {
      const pdg = await buildServicePdg(sourceTree({ [file]: text }), { cacheDir: null });
      expect(pdg.warnings).toEqual([]);
      const fn = pdg.blocks.find((b) => b.level === 'function');
      expect(fn?.name.toLowerCase().replace(/_/g, '')).toBe('handleorder');
      const flag = locate(pdg, 'orderFailure', { limit: 3 });
      expect(flag[0]?.level).toBe('block');
      expect(flag[0]?.reason).toContain('decides');
      const ifLine = text.split('\n').findIndex((l) => /\bif\b/.test(l)) + 1;
      expect(flag[0]?.startLine).toBe(ifLine);
      const message = locate(pdg, 'order failure flag on, failing request', { limit: 1 });
      expect(message[0]?.startLine).toBe(ifLine);
      expect(message[0]?.score).toBe(1);
    });

  it('reports a language without a table and parses the rest', async () => {
    const dir = sourceTree({ 'src/Cart.hs': 'module Cart where\n', 'handler.py': snippets['handler.py'] as string });
    const pdg = await buildServicePdg(dir, { cacheDir: null });
    expect(pdg.warnings).toEqual([{ file: 'src/Cart.hs', message: 'language of .hs files is not supported: not parsed' }]);
    expect(pdg.files).toBe(1);
    expect(locate(pdg, 'orderFailure')[0]?.file).toBe('handler.py');
  });

  it("loads every table's grammar and discovers its extensions, none of them reported unsupported", async () => {
    for (const language of languages) {
      expect(await extractBlocks(language, '')).toHaveLength(1);
      for (const ext of language.extensions) {
        expect(languageFor(ext.toUpperCase())).toBe(language);
        expect(isUnsupportedSource(ext)).toBe(false);
      }
    }
    const { files } = discoverSources(sourceTree(Object.fromEntries(languages.map((l) => [`src/a${l.extensions[0] as string}`, '']))));
    expect(files.map((f) => f.language.name).sort()).toEqual(languages.map((l) => l.name).sort());
  });

  it('reports a missing source folder by name', async () => {
    await expect(buildServicePdg('/nonexistent/eog-source', { cacheDir: null })).rejects.toThrow(
      '/nonexistent/eog-source: no such source folder',
    );
  });
});

describe('behaviour decided inside an expression', () => {
  it('anchors a flag read by destructuring to the JSX ternary on its value', async () => {
    const dir = sourceTree({
      'ProductList.tsx': `export const ProductList = ({ products }: Props) => {
  const { value: slowLoad } = useFlag('imageSlowLoad', false);
  return <div>{slowLoad ? <Spinner /> : products.map((p) => <Product key={p.id} {...p} />)}</div>;
};
`,
    });
    const top = locate(await buildServicePdg(dir, { cacheDir: null }), 'imageSlowLoad', { limit: 1 });
    expect(top[0]).toMatchObject({ startLine: 3, kind: 'ternary_expression', level: 'block' });
  });
});

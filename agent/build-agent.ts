// Bundles the agent's command (agent/portal-agent.ts) into one ES module that needs Node alone: no checkout, no
// node_modules. `npm run build:web` writes it to web/dist/agent/portal-agent.mjs, so the portal serves it at
// /agent/portal-agent.mjs and the Add agent page shows its SHA-256 (web/vite.config.ts).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where the portal serves the agent, and the file name an operator downloads. */
export const portalAgentPath = '/agent/portal-agent.mjs';

export interface PortalAgentBundle {
  code: string;
  sha256: string;
  bytes: number;
}

export async function buildPortalAgent(): Promise<PortalAgentBundle> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./portal-agent.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Every import is bundled but Node's own modules (platform node keeps those as imports).
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return {
    code,
    sha256: createHash('sha256').update(code).digest('hex'),
    bytes: Buffer.byteLength(code),
  };
}

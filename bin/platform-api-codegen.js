#!/usr/bin/env node
// The installed toolchain's entry: compiled JavaScript in lib/ (`npm run build:tool`), no TypeScript loader.
import { main } from '../lib/generator/cli/index.js';

process.exitCode = await main(process.argv.slice(2));

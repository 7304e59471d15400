#!/usr/bin/env node
// Runs the compiled CLI (built by `npm ci` through the prepare script).
import '../dist/cli.js';

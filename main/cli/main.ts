#!/usr/bin/env node
import { buildProgram } from './program.js';
import { reportFatal } from './errors.js';

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });

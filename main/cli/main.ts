#!/usr/bin/env node
import { buildProgramFor } from './commands.js';
import { reportFatal } from './errors.js';

buildProgramFor(process.argv)
  .then((program) => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });

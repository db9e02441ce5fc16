import { runDefinitionsCommand } from './definitions-commands.ts';

/*
 * `npm run definitions -- <command>`: application definition files from the command line, on the same
 * database as the server (DATA_DIR's PGlite or DATABASE_URL, read from the environment and .env).
 *
 *   import FILE         validates and imports a definition (a version above the installed one)
 *   export KEY [FILE]   writes the current definition of an application (to stdout without FILE)
 *   validate FILE       checks a file without opening the database
 *
 * Exit status 0 on success, 1 on any refusal (each problem is printed), 2 on wrong usage.
 */

process.exitCode = await runDefinitionsCommand(process.argv.slice(2), {
  env: process.env,
  // npm runs scripts from the repository root: relative paths are the caller's.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

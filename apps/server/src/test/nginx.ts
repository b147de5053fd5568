import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx, installed here when missing and running as root (as scripts/test.mjs does for
 * Chromium); otherwise the error says what to install.
 */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() !== 0)
    throw new Error('The scale-out test needs nginx: run `sudo apt-get install nginx`.');
  const installed = spawnSync(
    'bash',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null'],
    { stdio: 'inherit' },
  );
  if (installed.status !== 0 || !fs.existsSync(NGINX)) throw new Error('Installing nginx failed');
}

/**
 * The proxy settings docs/guides/scaling.md asks for in front of several instances: round-robin, HTTP/1.1
 * to the upstreams, no buffering (events leave at once) and a read timeout far above the 25 s ping.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  // As root, the workers would otherwise switch to a user that cannot read this private folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream jalon {
${upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://jalon;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** nginx as the current user, with its configuration and files in a temporary folder (no system service). */
export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(upstreams: string[]): Promise<Nginx> {
    ensureNginx();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-nginx-'));
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
    const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    const nginx = new Nginx(child, port, dir);
    const deadline = Date.now() + 10_000;
    while (!(await nginx.answers())) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
        await nginx.stop();
        throw new Error(`nginx did not start:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return nginx;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async answers(): Promise<boolean> {
    return fetch(`${this.url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

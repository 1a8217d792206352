import { Inject, type OnModuleInit } from '@nestjs/common';
import { type OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Runtime } from '../app/runtime';
import { RUNTIME } from '../app/tokens';
import type { ServerToClientEvents } from './server-events';

/**
 * The socket.io endpoint. Pushes come from projections after their batch commits; the gateway
 * only routes them to rooms. Authentication and room membership belong to the session layer.
 */
@WebSocketGateway({ cors: false, serveClient: false })
export class RealtimeGateway implements OnModuleInit, OnGatewayConnection {
  @WebSocketServer() server!: Server<Record<string, never>, ServerToClientEvents>;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  onModuleInit(): void {
    this.runtime.onPushes((pushes) => {
      for (const p of pushes) {
        if (p.to.length === 0) continue;
        this.server
          .to([...p.to])
          .emit(p.name as keyof ServerToClientEvents, { ...p.payload, position: p.position.globalPosition.toString() } as never);
      }
    });
  }

  handleConnection(socket: Socket): void {
    socket.emit('hello' as never, { at: new Date().toISOString() } as never);
  }
}

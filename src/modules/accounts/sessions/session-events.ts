import { EventEmitter } from 'node:events';

/**
 * In-process notice that a user's sessions ended (sign-out, password change), so the realtime
 * gateway can close that user's sockets. One instance only: several instances would relay it
 * through PostgreSQL (see README, scaling out).
 */
export class SessionEvents {
  private readonly emitter = new EventEmitter();

  userSessionsEnded(userId: string): void {
    this.emitter.emit('ended', userId);
  }

  onUserSessionsEnded(listener: (userId: string) => void): () => void {
    this.emitter.on('ended', listener);
    return () => this.emitter.off('ended', listener);
  }
}

export {
  createMiddlemanService,
  MAX_MIDDLEMEN_PER_CALL,
  type CreateMiddlemenInput,
  type MiddlemanService,
} from './middleman-service';
export { MIDDLEMAN_INSERT_CHUNK, type MiddlemanWallet } from './middleman-repository';

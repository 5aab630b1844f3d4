import { benchBoardUpdate } from './board-update';
import { benchMenuApi, startServer } from './menu-api';
import { benchMenuPage } from './menu-page';
import { benchStorefront } from './storefront';

const server = await startServer();
try {
  console.log('== public menu page (390px phone, cold cache) ==');
  console.log(JSON.stringify(await benchMenuPage(server.base), null, 2));
  console.log('== public menu API, 20 connections, 10 s each ==');
  console.log(JSON.stringify(await benchMenuApi(server.base), null, 2));
  await benchStorefront(server.base);
  console.log(`== a live event on the orders board: the whole list again vs the order it names ==`);
  console.log(JSON.stringify(await benchBoardUpdate(server.base, server.pid), null, 2));
} finally {
  server.stop();
}

// Input of the node --trace-event-categories case: one timer, one promise.
setTimeout(() => {
  let sum = 0;
  for (let i = 0; i < 1000; i++) sum += i;
  Promise.resolve(sum).then((s) => console.log(s));
}, 1);

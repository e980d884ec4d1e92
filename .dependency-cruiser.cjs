// The layers the linter holds (`npm run lint` runs `depcruise`; docs/architecture.md draws them):
//   lambdas/contracts  shapes every side agrees on (the calls' inputs and answers, the domain's words)
//   lambdas/kernel     the domain: data, access, findings, imports; reads contracts, never a call
//   lambdas/calls/<c>  one folder per call; reads kernel, contracts and calls/shared, never another call
//   web/src            the browser app; reads contracts, the calls' types and the kernel's pure rules
// and no import circle anywhere in lambdas/ or web/src.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the files on it cannot be read, tested or loaded one without the others.',
      from: { path: '^(lambdas|web/src)/' },
      to: { circular: true },
    },
    {
      name: 'kernel-not-to-calls',
      severity: 'error',
      comment: 'The domain (lambdas/kernel) sits below the calls: shapes both need live in lambdas/contracts.',
      from: { path: '^lambdas/kernel/' },
      to: { path: '^lambdas/(calls|api|auth|bootstrap|import|reports|search)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'lambdas/contracts is the lowest layer: it reads only libraries and other contracts.',
      from: { path: '^lambdas/contracts/' },
      to: { path: '^(lambdas/(?!contracts/)|web/|infra/|tests/|scripts/)' },
    },
    {
      name: 'call-not-to-another-call',
      severity: 'error',
      comment:
        'A call folder reads the kernel, contracts and calls/shared; what two calls share moves to one of those. ' +
        'Only the group lists (calls/groups/) name the calls.',
      from: { path: '^lambdas/calls/([^/]+)/', pathNot: ['^lambdas/calls/shared/', '^lambdas/calls/groups/'] },
      to: { path: '^lambdas/calls/([^/]+)/', pathNot: ['^lambdas/calls/$1/', '^lambdas/calls/shared/'] },
    },
    {
      name: 'web-not-to-server-code',
      severity: 'error',
      comment:
        "The browser app reads contracts, the calls' types and the kernel's pure rules; never the handlers or the data layer.",
      from: { path: '^web/src/' },
      to: { path: '^(lambdas/(api|auth|bootstrap|import|reports|search|kernel/data)/|infra/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

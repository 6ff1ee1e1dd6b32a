// A Swagger UI plugin, loaded by the /docs and /swagger-ui page (src/http/docs.ts) as a plain
// browser script: it defines one global, WholeOperationListPlugin, that the page's options name.
//
// Why: since 5.33, swagger-ui-dist lays out a list of 150 rows or more (tags plus operations; this
// API has 22 + 132) in a virtual list that renders only the rows in view. A reader then sees two
// tags and a blank page below until they scroll, the browser's find cannot reach an operation out
// of view (swagger-api/swagger-ui#11056), and no option turns it off. This replaces the list with
// the one Swagger UI itself renders below that size (the same components, every tag and operation
// at once). test/docs/swagger-ui.test.ts fails if an upgrade changes what this relies on.
function WholeOperationListPlugin(system) {
  var h = system.React.createElement;

  function operations(props) {
    var specSelectors = props.specSelectors;
    var getComponent = props.getComponent;
    var taggedOps = specSelectors.taggedOperations();
    if (taggedOps.size === 0) return h('h3', null, 'No operations defined in spec!');
    var methods = specSelectors.validOperationMethods();
    var OperationTag = getComponent('OperationTag');
    var OperationContainer = getComponent('OperationContainer', true);

    var tagSections = taggedOps.map(function (tagObj, tag) {
      var blocks = tagObj.get('operations')
        .filter(function (op) { return methods.indexOf(op.get('method')) !== -1; })
        .map(function (op) {
          var path = op.get('path');
          var method = op.get('method');
          return h(OperationContainer, { key: path + '-' + method, specPath: op.get('specPath'), op: op, path: path, method: method, tag: tag });
        });
      return h(OperationTag, {
        key: 'operation-' + tag, tagObj: tagObj, tag: tag, getComponent: getComponent, getConfigs: props.getConfigs,
        oas3Selectors: props.oas3Selectors, layoutSelectors: props.layoutSelectors, layoutActions: props.layoutActions,
        specUrl: specSelectors.url(),
      }, h('div', { className: 'operation-tag-content' }, blocks.toArray()));
    });
    return h('div', null, tagSections.valueSeq().toArray());
  }

  return { components: { operations: operations } };
}
